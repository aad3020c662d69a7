! race: no
! An atomic counter.
program atomic_count
  implicit none
  integer :: i, c
  c = 0
  !$omp parallel do
  do i = 1, 100
    !$omp atomic
    c = c + 1
  end do
  !$omp end parallel do
  print *, c
end program

! race: yes
! Every iteration writes the same element.
program same_slot_write
  implicit none
  integer :: i
  integer :: hits(10)
  hits = 0
  !$omp parallel do
  do i = 1, 100
    hits(3) = i
  end do
  !$omp end parallel do
  print *, hits(3)
end program

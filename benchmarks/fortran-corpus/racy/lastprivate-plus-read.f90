! race: yes
! One iteration writes a shared flag that every iteration reads.
program lastprivate_plus_read
  implicit none
  integer :: i, stop_at, seen(100)
  stop_at = 0
  !$omp parallel do
  do i = 1, 100
    seen(i) = stop_at
    if (i == 50) stop_at = i
  end do
  !$omp end parallel do
  print *, seen(100)
end program
